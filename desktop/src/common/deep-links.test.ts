import { describe, expect, it } from 'vitest';
import { deepLinkInArgs, parseDeepLink } from './deep-links.js';

const UUID = '3b241101-e2bb-4255-8caf-4136c566a962';

describe('parseDeepLink', () => {
  it('reads ticket and chat links', () => {
    expect(parseDeepLink(`balcao://tickets/${UUID}`)).toEqual({ kind: 'ticket', uuid: UUID });
    expect(parseDeepLink(`balcao://chats/${UUID}/`)).toEqual({ kind: 'chat', uuid: UUID });
    expect(parseDeepLink(`balcao://tickets/${UUID.toUpperCase()}`)).toEqual({ kind: 'ticket', uuid: UUID });
  });

  it.each([
    `balcao://tickets/${UUID}?x=1`,
    `balcao://tickets/${UUID}#frag`,
    `balcao://tickets/${UUID}/messages`,
    `balcao://contacts/${UUID}`,
    `balcao://tickets/../../${UUID}`,
    'balcao://tickets/not-a-uuid-not-a-uuid-not-a-uuid-0000',
    'balcao://tickets/',
    `https://tickets/${UUID}`,
    `balcao://user@tickets/${UUID}`,
    `BALCAO://tickets/${UUID}x`,
    '',
    42,
    undefined,
  ])('ignores %s', (value) => {
    expect(parseDeepLink(value)).toBeUndefined();
  });

  it('finds the link among command-line arguments (Windows, Linux)', () => {
    expect(deepLinkInArgs(['/opt/Balcao/balcao', '--no-sandbox', `balcao://chats/${UUID}`])).toEqual({ kind: 'chat', uuid: UUID });
    expect(deepLinkInArgs(['/opt/Balcao/balcao', '--hidden'])).toBeUndefined();
  });
});
