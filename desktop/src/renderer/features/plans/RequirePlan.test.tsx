// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allFlagsOn } from '../company/company.api';
import { useCompany } from '../company/company.store';
import { toast } from '../../lib/toast';
import { PLAN_DENIED_REDIRECT_MS, RequirePlan } from './RequirePlan';

const DENIED = 'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.';

const mount = () => {
  const router = createMemoryRouter(
    [
      { path: '/', element: <div data-testid="home">início</div> },
      { path: '/kanban', element: <RequirePlan flag="useKanban"><div data-testid="kanban">quadro</div></RequirePlan> },
      { path: '/campaigns', element: <RequirePlan flag="useCampaigns"><div data-testid="campaigns">campanhas</div></RequirePlan> },
    ],
    { initialEntries: ['/kanban'] },
  );
  render(<RouterProvider router={router} />);
  return router;
};

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('RequirePlan (administration.md §6 plan gates)', () => {
  it("shows the page when the company's plan has the feature", () => {
    useCompany.setState({ ready: true, flags: allFlagsOn() });
    mount();
    expect(screen.getByTestId('kanban')).toBeTruthy();
  });

  it("shows the spec's toast, not the page, and goes to / after 1 s when the plan lacks it", async () => {
    const shown = vi.spyOn(toast, 'error');
    useCompany.setState({ ready: true, flags: { ...allFlagsOn(), useKanban: false } });
    const router = mount();
    expect(screen.queryByTestId('kanban')).toBeNull();
    expect(shown).toHaveBeenCalledWith(DENIED);
    await act(async () => vi.advanceTimersByTime(PLAN_DENIED_REDIRECT_MS - 50));
    expect(router.state.location.pathname).toBe('/kanban');
    await act(async () => vi.advanceTimersByTime(100));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByTestId('home')).toBeTruthy();
    expect(shown).toHaveBeenCalledTimes(1);
  });

  it('waits for the flags before deciding (no flash of the page, no early toast)', async () => {
    const shown = vi.spyOn(toast, 'error');
    useCompany.setState({ ready: false, flags: allFlagsOn() });
    mount();
    expect(screen.queryByTestId('kanban')).toBeNull();
    expect(shown).not.toHaveBeenCalled();
    await act(async () => useCompany.setState({ ready: true, flags: { ...allFlagsOn(), useKanban: false } }));
    expect(shown).toHaveBeenCalledWith(DENIED);
  });

  it('opens campaign pages with the local campaigns flag even when the plan lacks them', async () => {
    localStorage.setItem('cshow', 'true');
    useCompany.setState({ ready: true, flags: { ...allFlagsOn(), useCampaigns: false } });
    const router = mount();
    await act(async () => router.navigate('/campaigns'));
    expect(screen.getByTestId('campaigns')).toBeTruthy();
  });
});
