import type { TodoItem } from '../../../common/ipc-schemas';

/** The to-do list's edits as pure functions: the page keeps the list and saves what they return. */

/** A new task at the top; blank text changes nothing (attendance.md §2 "Local to-do page"). */
export const addTodo = (items: readonly TodoItem[], text: string, id: string, now: Date): TodoItem[] => {
  const clean = text.trim();
  return clean ? [{ id, text: clean, updatedAt: now.toISOString() }, ...items] : [...items];
};

/** The task's new text; blank text or an unknown id changes nothing. */
export const editTodo = (items: readonly TodoItem[], id: string, text: string, now: Date): TodoItem[] => {
  const clean = text.trim();
  if (!clean) return [...items];
  return items.map((i) => (i.id === id ? { ...i, text: clean, updatedAt: now.toISOString() } : i));
};

export const removeTodo = (items: readonly TodoItem[], id: string): TodoItem[] => items.filter((i) => i.id !== id);
