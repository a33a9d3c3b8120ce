import { describe, expect, it } from 'vitest';
import { planFlagForPage, planFlagForRoute } from './plan-gates';

describe('plan gates', () => {
  it('gates a prefix and everything below it, nothing that only starts alike', () => {
    expect(planFlagForRoute('/schedules')).toBe('useSchedules');
    expect(planFlagForRoute('/schedules/:id/media-upload')).toBe('useSchedules');
    expect(planFlagForRoute('/ticket/kanban')).toBe('useKanban');
    expect(planFlagForRoute('/promptx')).toBeUndefined();
    expect(planFlagForRoute('/tags')).toBeUndefined();
    expect(planFlagForRoute('/tags/:id')).toBeUndefined();
    expect(planFlagForRoute('/tickets')).toBeUndefined();
  });

  it("gates the copilot's routes, those on a ticket included, and its page (issue 32)", () => {
    expect(planFlagForRoute('/knowledge-articles/:id')).toBe('useCopilot');
    expect(planFlagForRoute('/copilot/settings')).toBe('useCopilot');
    expect(planFlagForRoute('/tickets/:id/copilot/suggestions')).toBe('useCopilot');
    expect(planFlagForRoute('/tickets/:id/events')).toBeUndefined();
    expect(planFlagForPage('/knowledge')).toBe('useCopilot');
  });

  it("maps the side menu's gated pages (administration.md §6)", () => {
    expect(planFlagForPage('/kanban')).toBe('useKanban');
    expect(planFlagForPage('/chats/abc')).toBe('useInternalChat');
    expect(planFlagForPage('/campaign/3/report')).toBe('useCampaigns');
    expect(planFlagForPage('/messages-api')).toBe('useExternalApi');
    expect(planFlagForPage('/prompts')).toBe('useOpenAi');
    expect(planFlagForPage('/queue-integration')).toBe('useIntegrations');
    expect(planFlagForPage('/tickets')).toBeUndefined();
    expect(planFlagForPage('/')).toBeUndefined();
  });
});
