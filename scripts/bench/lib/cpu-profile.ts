/**
 * A V8 CPU profile of the bench's own process over one measured run (a bench's --cpu-prof FILE):
 * the pipeline runs in this process, so the profile says what node spends per message. Open the
 * file in Chrome DevTools (Performance → load profile) or any .cpuprofile viewer.
 */
import { Session } from 'node:inspector/promises';
import { writeFile } from 'node:fs/promises';

export const cpuProfiler = async () => {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return {
    /** Stops, writes the profile to `file` and says where it went. */
    stop: async (file: string): Promise<string> => {
      const { profile } = await session.post('Profiler.stop');
      await writeFile(file, JSON.stringify(profile));
      session.disconnect();
      return file;
    },
  };
};
