import { describe, expect, it } from 'vitest';
import { en } from './en';
import { es } from './es';
import { ptBR } from './ptBR';

/**
 * The catalogue is composed from the features' own texts (issue 27 §4): each
 * `features/<f>/<f>.texts.ts` has its sections in pt-BR, en and es. Complete in every language,
 * and no section owned twice.
 */
const featureTexts = import.meta.glob<{ ptBR: object; en: object; es: object }>('../../features/*/*.texts.ts', { eager: true });

/** Every leaf key as a dotted path, sorted. */
const paths = (o: object, prefix = ''): string[] =>
  Object.entries(o)
    .flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : paths(v as object, `${prefix}${k}.`)))
    .sort();

describe('the text catalogue', () => {
  it('comes from the features: most sections live beside the screens that show them', () => {
    const files = Object.keys(featureTexts);
    expect(files.length).toBeGreaterThan(25);
    const owned = Object.values(featureTexts).flatMap((f) => Object.keys(f.ptBR));
    expect(owned.length).toBeGreaterThan(Object.keys(ptBR).length * 0.8);
    // Every feature's texts file is in features.ts's list: its sections are in the catalogue.
    expect(owned.filter((section) => !(section in ptBR))).toEqual([]);
  });

  it('has every key of pt-BR in en and es, and none more, feature by feature', () => {
    for (const [file, texts] of Object.entries(featureTexts)) {
      expect({ file, keys: paths(texts.en) }).toEqual({ file, keys: paths(texts.ptBR) });
      expect({ file, keys: paths(texts.es) }).toEqual({ file, keys: paths(texts.ptBR) });
      for (const text of [...paths(texts.en), ...paths(texts.es)]) expect(text).not.toBe('');
    }
    expect(paths(en)).toEqual(paths(ptBR));
    expect(paths(es)).toEqual(paths(ptBR));
  });

  it('gives each section one owner (a feature, or the app shell)', () => {
    const owners = new Map<string, string[]>();
    for (const [file, texts] of Object.entries(featureTexts)) for (const section of Object.keys(texts.ptBR)) owners.set(section, [...(owners.get(section) ?? []), file]);
    expect([...owners].filter(([, files]) => files.length > 1)).toEqual([]);
    const composedSections = Object.keys(ptBR).length;
    const shellSections = composedSections - owners.size;
    // common, menu, header, topbar and the error catalogue stay with the shell.
    expect(shellSections).toBe(5);
  });

  it('keeps a feature wording its own: an en text is not the pt-BR one left untranslated by mistake', () => {
    const same = paths(ptBR).filter((p) => {
      const get = (o: object) => p.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], o);
      const a = get(ptBR);
      return typeof a === 'string' && a.length > 24 && a === get(en);
    });
    // A few are the same on purpose (product names, formats); a whole sentence copied is not.
    expect(same.length).toBeLessThan(10);
  });
});
