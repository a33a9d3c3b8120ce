import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, textsOf, type ServerTexts } from './texts';

const sample = (t: ServerTexts) => [t.partOfDay(9), t.partOfDay(14), t.partOfDay(20), t.acceptGreeting('Ana'), t.revoked, t.callsDisabled, t.missedCall(false, '14:05'), t.missedCall(true, '14:05')];

describe('server texts catalogue', () => {
  it('keeps the pt-BR texts exactly as the spec words them', () => {
    expect(sample(textsOf('pt-BR'))).toEqual([
      'Bom dia',
      'Boa tarde',
      'Boa noite',
      '{{ms}} *{{name}}*, meu nome é *Ana* e agora vou prosseguir com seu atendimento!',
      'Essa mensagem foi apagada pelo contato',
      'As chamadas de voz e vídeo estão desabilitadas para esse WhatsApp, favor enviar uma mensagem de texto. Obrigado',
      'Chamada de voz perdida às 14:05',
      'Chamada de vídeo perdida às 14:05',
    ]);
  });

  it('has every text in every language, each its own', () => {
    const pt = sample(textsOf('pt-BR'));
    for (const language of LANGUAGES.filter((l) => l !== 'pt-BR')) {
      const texts = sample(textsOf(language));
      expect(texts.every((t) => t.trim().length > 0)).toBe(true);
      expect(texts.filter((t, i) => t === pt[i])).toEqual([]);
      expect(textsOf(language).acceptGreeting('Ana')).toMatch(/^\{\{ms\}\} \*\{\{name\}\}\*.*\*Ana\*/);
    }
  });

  it("names message kinds for the ticket list in each language (pt-BR as issue 9 words them)", () => {
    const k = textsOf('pt-BR').kinds;
    expect([k.image, k.video, k.audio, k.sticker, k.location, k.contact('Ana'), k.contact('')]).toEqual(['📷 Imagem', '🎥 Vídeo', '🎤 Áudio', '😀 Figurinha', 'Localização', 'Contato: Ana', 'Contato']);
    for (const language of LANGUAGES.filter((l) => l !== 'pt-BR')) {
      const o = textsOf(language).kinds;
      expect([o.image, o.location, o.other, o.contact('Ana')].filter((t, i) => t === [k.image, k.location, k.other, k.contact('Ana')][i])).toEqual([]);
    }
  });

  it('falls back to pt-BR for a missing or unknown language', () => {
    expect(textsOf(undefined)).toBe(textsOf('pt-BR'));
    expect(textsOf('fr')).toBe(textsOf('pt-BR'));
  });

  it('is the only place those texts are written: no service holds them as literals', () => {
    const root = join(import.meta.dirname, '..');
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [join(dir, e.name)] : []));
    const needles = ['apagada pelo contato', 'meu nome é', 'perdida às', 'chamadas de voz e vídeo', "'Bom dia'", "'Boa tarde'"];
    const found = files(root)
      .filter((f) => !f.endsWith(join('infra', 'texts.ts')) && !f.includes(`${join('whatsapp', 'baileys', 'fixtures')}`))
      .flatMap((f) => {
        // Code only: comments may quote a text to say what a line does.
        const code = readFileSync(f, 'utf8')
          .split('\n')
          .filter((l) => !/^\s*(\/\/|\/\*|\*)/.test(l))
          .map((l) => l.replace(/\/\/.*$/, ''))
          .join('\n');
        return needles.filter((n) => code.includes(n)).map((n) => `${relative(root, f)}: ${n}`);
      });
    expect(found).toEqual([]);
  });

  it('words the password reset mail in each language, with the code and its 30 minutes', () => {
    const subjects = new Set<string>();
    for (const language of LANGUAGES) {
      const m = textsOf(language).resetMail;
      const text = m.text('Ana', '042913', 30);
      expect(text).toContain('042913');
      expect(text).toContain('30');
      expect(text).toContain('Ana');
      subjects.add(m.subject);
    }
    expect(subjects.size).toBe(LANGUAGES.length);
    expect(textsOf('pt-BR').resetMail.subject).toBe('Código para redefinir sua senha');
  });
});
