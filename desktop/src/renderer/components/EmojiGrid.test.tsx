// @vitest-environment happy-dom
import '../test/dom';
import '../app/i18n/i18n';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMOJIS, EmojiGrid, QUICK_REACTIONS } from './EmojiGrid';

describe('EmojiGrid', () => {
  afterEach(cleanup);

  it('offers about 70 distinct emojis, the six quick reactions among them', () => {
    expect(EMOJIS.length).toBeGreaterThanOrEqual(60);
    expect(EMOJIS.length).toBeLessThanOrEqual(80);
    expect(new Set(EMOJIS).size).toBe(EMOJIS.length);
    for (const q of QUICK_REACTIONS) expect(EMOJIS).toContain(q);
  });

  it('picks by click; the arrow keys move between cells', () => {
    const onPick = vi.fn();
    render(<EmojiGrid onPick={onPick} />);
    const cells = screen.getAllByTestId('emoji');
    fireEvent.click(cells[3]!);
    expect(onPick).toHaveBeenLastCalledWith(EMOJIS[3]);
    cells[0]!.focus();
    fireEvent.keyDown(cells[0]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(cells[1]);
    fireEvent.keyDown(cells[1]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(cells[11]);
    fireEvent.keyDown(cells[11]!, { key: 'ArrowUp' });
    fireEvent.keyDown(cells[1]!, { key: 'ArrowLeft' });
    fireEvent.keyDown(cells[0]!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(cells[0]);
  });
});
