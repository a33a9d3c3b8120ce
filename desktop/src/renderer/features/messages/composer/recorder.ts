/** A recording in progress: `stop` gives the mp3 bytes, `cancel` throws them away. */
export interface Recording {
  stop: () => Uint8Array<ArrayBuffer>;
  cancel: () => void;
}

type WithWebkit = typeof globalThis & { webkitAudioContext?: typeof AudioContext };

/**
 * Starts recording the microphone (asks permission first) and encodes as it goes, so stopping is
 * instant. A ScriptProcessor feeds the encoder: deprecated, but everywhere, and it needs no
 * worklet file the CSP would have to allow (decision 0069).
 */
export const startRecording = async (): Promise<Recording> => {
  // The encoder (lamejs, ~200 kB) loads on the first recording, not with the conversation.
  const { Mp3Stream } = await import('./mp3');
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const Ctx = window.AudioContext ?? (globalThis as WithWebkit).webkitAudioContext;
  const ctx = new Ctx();
  const source = ctx.createMediaStreamSource(stream);
  const processor = ctx.createScriptProcessor(4096, 1, 1);
  const mp3 = new Mp3Stream(ctx.sampleRate);
  processor.onaudioprocess = (e) => mp3.push(e.inputBuffer.getChannelData(0));
  source.connect(processor);
  processor.connect(ctx.destination);
  let done = false;
  const release = () => {
    if (done) return;
    done = true;
    processor.onaudioprocess = null;
    source.disconnect();
    processor.disconnect();
    for (const track of stream.getTracks()) track.stop();
    void ctx.close().catch(() => undefined);
  };
  return {
    stop: () => {
      release();
      return mp3.finish();
    },
    cancel: release,
  };
};
