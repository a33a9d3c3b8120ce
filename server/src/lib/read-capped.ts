/**
 * Reads a response's body up to `max` bytes: `over` when it went past them (reading stops there
 * and the rest is cancelled, so a huge or endless answer costs at most `max` bytes of memory).
 * Shared by the outside calls (webhooks, queue integrations, prompts).
 */
export const readCapped = async (res: Response, max: number): Promise<{ bytes: Buffer; over: boolean }> => {
  const reader = res.body?.getReader();
  if (!reader) return { bytes: Buffer.alloc(0), over: false };
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { bytes: Buffer.concat(chunks), over: false };
    if (value.byteLength > max - size) {
      chunks.push(value.subarray(0, max - size));
      await reader.cancel().catch(() => undefined);
      return { bytes: Buffer.concat(chunks), over: true };
    }
    chunks.push(value);
    size += value.byteLength;
  }
};
