// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { allFlagsOn } from '../../features/company/company.api';
import { buildMenu } from './menuItems';

const paths = (flags = allFlagsOn(), profile: 'admin' | 'user' = 'admin', campaignsFlag = false) =>
  buildMenu({ profile, isSuper: false, flags, campaignsFlag }).flatMap((g) => g.entries.map((e) => e.path));

describe('side menu plan gates (attendance.md §2)', () => {
  it('hides each gated item when its plan flag is off, and only that item', () => {
    const gates = {
      useKanban: '/kanban',
      useSchedules: '/schedules',
      useInternalChat: '/chats',
      useExternalApi: '/messages-api',
      useOpenAi: '/prompts',
      useIntegrations: '/queue-integration',
      useCopilot: '/knowledge',
    } as const;
    const all = paths();
    for (const [flag, path] of Object.entries(gates)) {
      const shown = paths({ ...allFlagsOn(), [flag]: false });
      expect(shown, flag).not.toContain(path);
      expect(all.filter((p) => !shown.includes(p)), flag).toEqual([path]);
    }
  });

  it('hides the campaigns group without useCampaigns, unless the local campaigns flag is set', () => {
    const off = { ...allFlagsOn(), useCampaigns: false };
    expect(paths(off)).not.toContain('/campaigns');
    expect(paths(off, 'admin', true)).toContain('/campaigns');
    expect(paths()).toContain('/contact-lists');
  });

  it("gates an agent's attendance items too", () => {
    expect(paths({ ...allFlagsOn(), useKanban: false }, 'user')).not.toContain('/kanban');
    expect(paths(allFlagsOn(), 'user')).toContain('/kanban');
  });
});
