/**
 * The notification sound: a short two-note chime made with WebAudio (no file to ship), at the
 * volume of the volume popover. Silent at 0 or where audio is unavailable.
 */
let ctx: AudioContext | null = null;

export const playChime = (volume: number): void => {
  if (volume <= 0 || typeof AudioContext === 'undefined') return;
  try {
    ctx ??= new AudioContext();
    const now = ctx.currentTime;
    const gain = ctx.createGain();
    gain.connect(ctx.destination);
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.4 * volume, now + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.45);
    for (const [freq, at] of [
      [880, 0],
      [1318.5, 0.12],
    ] as const) {
      const osc = ctx.createOscillator();
      osc.type = 'sine';
      osc.frequency.setValueAtTime(freq, now + at);
      osc.connect(gain);
      osc.start(now + at);
      osc.stop(now + 0.45);
    }
  } catch {
    // Autoplay rules may refuse before the first click: the bell's count still shows it.
  }
};
