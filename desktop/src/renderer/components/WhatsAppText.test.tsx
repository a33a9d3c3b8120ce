// @vitest-environment happy-dom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WhatsAppText } from './WhatsAppText';

const html = (text: string) => render(<WhatsAppText text={text} />).container.innerHTML;

describe('WhatsAppText', () => {
  it("draws an agent's signature bold and keeps the line break", () => {
    expect(html('*Ana:*\nOlá')).toBe('<strong>Ana:</strong>\nOlá');
  });
  it('draws italic, strike, monospace and nested marks', () => {
    expect(html('_a_ ~b~ ```c*d*```')).toBe('<em>a</em> <s>b</s> <code style="font-family: monospace;">c*d*</code>');
    expect(html('*_x_*')).toBe('<strong><em>x</em></strong>');
  });
  it('leaves marks inside words, across lines or around spaces as text', () => {
    expect(html('2*3*4')).toBe('2*3*4');
    expect(html('*a\nb*')).toBe('*a\nb*');
    expect(html('* a *')).toBe('* a *');
    expect(html('snake_case_name')).toBe('snake_case_name');
  });
  it('never turns text into markup', () => {
    expect(html('*<img src=x onerror=alert(1)>*')).toBe('<strong>&lt;img src=x onerror=alert(1)&gt;</strong>');
  });
});
