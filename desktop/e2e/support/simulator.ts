import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The Simulador (/simulator) as the customer's phone, driven through its UI. The page must be
 * logged in as an admin of the company whose sandbox connection it plays.
 */
export class Phone {
  constructor(readonly page: Page) {}

  /** Opens the Simulador on the company's (only) sandbox connection as `customer`. */
  async open(customer: { number: string; name: string }): Promise<void> {
    await this.page.goto('/simulator');
    await expect(this.page.getByTestId('sim-connection')).toContainText('Sandbox');
    await this.page.getByTestId('sim-number').fill(customer.number);
    await this.page.getByTestId('sim-name').fill(customer.name);
    await expect(this.input).toBeEnabled();
  }

  get input(): Locator {
    return this.page.getByTestId('sim-input');
  }

  /** What the customer sent / received, in screen order. */
  get sent(): Locator {
    return this.page.getByTestId('sim-sent');
  }

  get received(): Locator {
    return this.page.getByTestId('sim-received');
  }

  /** The received message whose text contains `text`. */
  receivedWith(text: string | RegExp): Locator {
    return this.received.filter({ hasText: text });
  }

  /** Runs `send` and waits for one more sent bubble, of `kind`, to show. */
  private async sending(kind: string, send: () => Promise<void>): Promise<Locator> {
    const before = await this.sent.count();
    await send();
    await expect(this.sent).toHaveCount(before + 1);
    const bubble = this.sent.nth(before);
    await expect(bubble).toHaveAttribute('data-kind', kind);
    return bubble;
  }

  say(text: string): Promise<Locator> {
    return this.sending('text', async () => {
      await this.input.fill(text);
      await this.input.press('Enter');
    });
  }

  /** A file from the attach button: its kind follows its MIME type; `caption` is typed first. */
  sendFile(kind: string, file: { name: string; mimeType: string; buffer: Buffer }, caption = ''): Promise<Locator> {
    return this.sending(kind, async () => {
      await this.input.fill(caption);
      await this.page.getByTestId('sim-file').setInputFiles(file);
    });
  }

  sendLocation(description: string): Promise<Locator> {
    return this.sending('location', async () => {
      await this.page.getByTestId('sim-location').click();
      await this.page.getByTestId('sim-location-description').fill(description);
      await this.page.getByTestId('sim-location-send').click();
    });
  }

  sendContact(contact: { name: string; number: string }): Promise<Locator> {
    return this.sending('contact', async () => {
      await this.page.getByTestId('sim-contact').click();
      await this.page.getByTestId('sim-contact-name').fill(contact.name);
      await this.page.getByTestId('sim-contact-number').fill(contact.number);
      await this.page.getByTestId('sim-contact-send').click();
    });
  }

  /** Starts a voice note (Chromium's fake microphone); the agent sees 'Gravando...'. */
  async startRecording(): Promise<void> {
    await this.page.getByTestId('sim-record').click();
    await expect(this.page.getByTestId('sim-recording')).toBeVisible();
  }

  finishRecording(): Promise<Locator> {
    return this.sending('ptt', () => this.page.getByTestId('sim-record-send').click());
  }
}
