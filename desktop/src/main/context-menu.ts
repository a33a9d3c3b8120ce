import { Menu, type ContextMenuParams, type MenuItemConstructorOptions, type WebContents } from './electron-api.js';
import type { Labels } from './labels.js';

type Params = Pick<ContextMenuParams, 'misspelledWord' | 'dictionarySuggestions' | 'isEditable' | 'selectionText' | 'editFlags'>;

export interface SpellActions {
  replace(word: string): void;
  addWord(word: string): void;
}

/**
 * Electron shows no context menu of its own: without this, the spell-checker underlines a word
 * and offers nothing. Suggestions (and "add to dictionary") for a misspelled word, then editing.
 */
export function contextMenuTemplate(params: Params, labels: Labels['edit'], spell: SpellActions): MenuItemConstructorOptions[] {
  const items: MenuItemConstructorOptions[] = [];
  if (params.isEditable && params.misspelledWord) {
    const suggestions = params.dictionarySuggestions.slice(0, 5);
    if (suggestions.length === 0) items.push({ label: labels.noSuggestions, enabled: false });
    for (const suggestion of suggestions) items.push({ label: suggestion, click: () => spell.replace(suggestion) });
    items.push({ label: labels.addToDictionary, click: () => spell.addWord(params.misspelledWord) });
    items.push({ type: 'separator' });
  }
  if (params.isEditable) {
    items.push(
      { label: labels.cut, role: 'cut', enabled: params.editFlags.canCut },
      { label: labels.copy, role: 'copy', enabled: params.editFlags.canCopy },
      { label: labels.paste, role: 'paste', enabled: params.editFlags.canPaste },
      { type: 'separator' },
      { label: labels.selectAll, role: 'selectAll' },
    );
  } else if (params.selectionText.trim() !== '') {
    items.push({ label: labels.copy, role: 'copy' });
  }
  return items;
}

export function attachContextMenu(contents: WebContents, labels: Labels['edit']): void {
  contents.on('context-menu', (_event, params) => {
    const template = contextMenuTemplate(params, labels, {
      replace: (word) => contents.replaceMisspelling(word),
      addWord: (word) => contents.session.addWordToSpellCheckerDictionary(word),
    });
    if (template.length > 0) Menu.buildFromTemplate(template).popup();
  });
}
