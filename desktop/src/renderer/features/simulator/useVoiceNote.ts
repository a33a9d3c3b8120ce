import { useCallback, useEffect, useRef, useState } from 'react';

interface Take {
  recorder: MediaRecorder;
  stream: MediaStream;
  chunks: Blob[];
  keep: boolean;
}

/**
 * The simulated phone's microphone: `start` asks for it and records, `stop(true)` hands the
 * recording to `onDone`, `stop(false)` throws it away. Leaving the page throws it away too.
 */
export const useVoiceNote = (onDone: (audio: Blob) => void) => {
  const [recording, setRecording] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const take = useRef<Take | null>(null);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  }, [onDone]);

  const stop = useCallback((keep: boolean) => {
    const t = take.current;
    if (!t) return;
    take.current = null;
    t.keep = keep;
    setRecording(false);
    if (t.recorder.state !== 'inactive') t.recorder.stop();
  }, []);

  /** Rejects when there is no microphone or it is refused. */
  const start = useCallback(async () => {
    if (take.current) return;
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const recorder = new MediaRecorder(stream);
    const t: Take = { recorder, stream, chunks: [], keep: false };
    recorder.ondataavailable = (e) => {
      if (e.data.size > 0) t.chunks.push(e.data);
    };
    recorder.onstop = () => {
      for (const track of stream.getTracks()) track.stop();
      if (t.keep) done.current(new Blob(t.chunks, { type: recorder.mimeType || 'audio/webm' }));
    };
    take.current = t;
    recorder.start();
    setRecording(true);
  }, []);

  useEffect(() => {
    if (!recording) return;
    const startedAt = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - startedAt) / 1000)), 250);
    return () => {
      clearInterval(timer);
      setSeconds(0);
    };
  }, [recording]);

  useEffect(() => () => stop(false), [stop]);
  return { recording, seconds, start, stop };
};
