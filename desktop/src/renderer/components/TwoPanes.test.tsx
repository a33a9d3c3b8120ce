// @vitest-environment happy-dom
import '../test/dom';
import { useEffect, useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TwoPanes } from './TwoPanes';

let mounts = 0;
/** A pane's content with state of its own (an open drawer, a draft): it must survive the breakpoint. */
const Stateful = () => {
  const [text, setText] = useState('');
  useEffect(() => {
    mounts += 1;
  }, []);
  return <input data-testid="draft" value={text} onChange={(e) => setText(e.target.value)} />;
};

const Page = ({ narrow }: { narrow: boolean }) => {
  const [active, setActive] = useState<'list' | 'ticket'>('ticket');
  return (
    <TwoPanes
      narrow={narrow}
      active={active}
      onChange={setActive}
      tabs={['ticket', 'list']}
      panes={[
        { key: 'list', label: 'Atendimentos', content: <span>lista</span>, testId: 'list-pane', wide: { width: 300 } },
        { key: 'ticket', label: 'Ticket', content: <Stateful />, testId: 'ticket-pane', wide: { flex: 1 } },
      ]}
    />
  );
};

afterEach(() => {
  cleanup();
  mounts = 0;
});

describe('TwoPanes', () => {
  it('keeps what a pane holds when the width crosses the breakpoint, both ways', () => {
    const { rerender } = render(<Page narrow={false} />);
    fireEvent.change(screen.getByTestId('draft'), { target: { value: 'rascunho' } });
    rerender(<Page narrow />);
    expect((screen.getByTestId('draft') as HTMLInputElement).value).toBe('rascunho');
    rerender(<Page narrow={false} />);
    expect((screen.getByTestId('draft') as HTMLInputElement).value).toBe('rascunho');
    expect(mounts).toBe(1);
  });

  it('at a phone width shows the tabs in their order and only the active pane', () => {
    render(<Page narrow />);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Ticket', 'Atendimentos']);
    expect(screen.getByTestId('ticket-pane').style.display).toBe('flex');
    expect(screen.getByTestId('list-pane').style.display).toBe('none');
    fireEvent.click(screen.getByRole('tab', { name: 'Atendimentos' }));
    expect(screen.getByTestId('list-pane').style.display).toBe('flex');
    expect(screen.getByTestId('ticket-pane').style.display).toBe('none');
  });
});
