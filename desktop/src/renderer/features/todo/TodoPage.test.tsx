// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBrowserBridge } from '../../platform/browser';
import { TodoPage } from './TodoPage';
import { addTodo, editTodo, removeTodo } from './todo.logic';

configure({ asyncUtilTimeout: 8000 });
const NOW = new Date('2026-11-25T10:00:00.000Z');
const items = () => screen.queryAllByTestId('todo-item');
const type = (text: string) => fireEvent.change(screen.getByTestId('todo-input'), { target: { value: text } });
/** What a fresh page (a reload, another window) reads back from the device. */
const stored = () => createBrowserBridge({ version: 't' }).getPref('todos');

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('todo logic', () => {
  it('adds at the top, trims, and ignores blank text', () => {
    const one = addTodo([], '  Ligar para a Ana ', 'a', NOW);
    expect(one).toEqual([{ id: 'a', text: 'Ligar para a Ana', updatedAt: NOW.toISOString() }]);
    expect(addTodo(one, 'Enviar boleto', 'b', NOW).map((i) => i.id)).toEqual(['b', 'a']);
    expect(addTodo(one, '   ', 'c', NOW)).toEqual(one);
  });
  it('edits only the given task, never to blank, and removes by id', () => {
    const list = addTodo(addTodo([], 'um', 'a', NOW), 'dois', 'b', NOW);
    const later = new Date('2026-11-26T08:00:00.000Z');
    expect(editTodo(list, 'a', 'um!', later).find((i) => i.id === 'a')).toEqual({ id: 'a', text: 'um!', updatedAt: later.toISOString() });
    expect(editTodo(list, 'a', ' ', later)).toEqual(list);
    expect(removeTodo(list, 'b').map((i) => i.id)).toEqual(['a']);
  });
});

describe('TodoPage', { timeout: 60_000 }, () => {
  it('starts empty, adds with Enter or the Adicionar button, and keeps tasks on the device', async () => {
    render(<TodoPage />);
    await screen.findByTestId('todo-empty');
    expect(screen.getByTestId('todo-submit').textContent).toBe('Adicionar');
    type('Ligar para a Ana');
    fireEvent.keyDown(screen.getByTestId('todo-input'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(items()).toHaveLength(1));
    type('   ');
    fireEvent.click(screen.getByTestId('todo-submit'));
    type('Enviar boleto');
    fireEvent.click(screen.getByTestId('todo-submit'));
    await waitFor(() => expect(items().map((i) => i.textContent)).toEqual([expect.stringContaining('Enviar boleto'), expect.stringContaining('Ligar para a Ana')]));
    await waitFor(async () => expect((await stored()).map((i) => i.text)).toEqual(['Enviar boleto', 'Ligar para a Ana']));
    cleanup();
    render(<TodoPage />);
    await waitFor(() => expect(items()).toHaveLength(2));
  });

  it('edits with Salvar, cancels with Escape, and deletes after confirming', async () => {
    render(<TodoPage />);
    await screen.findByTestId('todo-empty');
    type('Revisar proposta');
    fireEvent.click(screen.getByTestId('todo-submit'));
    await waitFor(() => expect(items()).toHaveLength(1));
    fireEvent.click(within(items()[0]!).getByTestId('todo-edit'));
    expect((screen.getByTestId('todo-input') as HTMLInputElement).value).toBe('Revisar proposta');
    expect(screen.getByTestId('todo-submit').textContent).toBe('Salvar');
    fireEvent.keyDown(screen.getByTestId('todo-input'), { key: 'Escape' });
    expect(screen.getByTestId('todo-submit').textContent).toBe('Adicionar');
    fireEvent.click(within(items()[0]!).getByTestId('todo-edit'));
    type('Revisar proposta da Bia');
    fireEvent.click(screen.getByTestId('todo-submit'));
    await waitFor(() => expect(items()[0]!.textContent).toContain('Revisar proposta da Bia'));
    expect(items()).toHaveLength(1);
    fireEvent.click(within(items()[0]!).getByTestId('todo-delete'));
    fireEvent.click(await screen.findByTestId('todo-delete-confirm'));
    await screen.findByTestId('todo-empty');
    expect(await stored()).toEqual([]);
  });
});
