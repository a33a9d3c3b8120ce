// lamejs 1.2.1 ships no types; only what mp3.ts uses.
declare module 'lamejs' {
  export class Mp3Encoder {
    constructor(channels: number, sampleRate: number, kbps: number);
    encodeBuffer(left: Int16Array, right?: Int16Array): Int8Array;
    flush(): Int8Array;
  }
}
declare module 'lamejs/src/js/MPEGMode' {
  const MPEGMode: unknown;
  export default MPEGMode;
}
declare module 'lamejs/src/js/Lame' {
  const Lame: unknown;
  export default Lame;
}
declare module 'lamejs/src/js/BitStream' {
  const BitStream: unknown;
  export default BitStream;
}
