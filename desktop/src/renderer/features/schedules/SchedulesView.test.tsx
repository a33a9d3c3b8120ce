// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { schedulesApi } from './schedules.api';
import { SchedulesPage } from './SchedulesPage';

// 390 px: the view switch's highlight must be the view shown, at once (a screenshot once caught
// 'Semana' highlighted over the month grid while the switch's thumb slid from 'Dia' to 'Mês').
vi.mock('./schedules.api', () => ({ schedulesApi: { range: vi.fn(async () => ({ schedules: [], count: 0, hasMore: false })) } }));
vi.mock('../../lib/socket', () => ({ listenLive: () => () => undefined }));
vi.mock('../../lib/useMediaQuery', () => ({ useMediaQuery: () => true }));
configure({ asyncUtilTimeout: 8000 });
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

/** The highlighted option(s): a checked button, never an animated thumb over another option. */
const selected = () => [...screen.getByTestId('schedules-view').querySelectorAll('.ant-radio-button-wrapper-checked')].map((e) => e.textContent).join('|');
const sliding = () => document.querySelector('.ant-segmented-thumb');

describe('SchedulesPage view switch at phone width', { timeout: 60_000 }, () => {
  it('highlights exactly the view shown, with no sliding thumb in between', async () => {
    render(
      <MemoryRouter>
        <SchedulesPage />
      </MemoryRouter>,
    );
    await waitFor(() => expect(schedulesApi.range).toHaveBeenCalled());
    expect(selected()).toBe('Mês');
    fireEvent.click(screen.getByText('Dia'));
    expect(screen.getByTestId('schedules-dayview')).toBeTruthy();
    expect(selected()).toBe('Dia');
    expect(sliding()).toBeNull();
    fireEvent.click(screen.getByText('Mês'));
    expect(screen.queryByTestId('schedules-dayview')).toBeNull();
    expect(document.querySelector('.ant-picker-calendar')).toBeTruthy();
    expect(selected()).toBe('Mês');
    expect(sliding()).toBeNull();
  });
});
