/** The Emscripten module of `opusscript` (libopus 1.4 in WebAssembly), as the Ogg Opus writer uses it. */
declare module 'opusscript/build/opusscript_native_wasm.js' {
  export interface OpusEncoderHandle {
    /**
     * Encodes `frameSize` samples at `pcmPointer` into at most 3,828 bytes at `packetPointer`;
     * answers the packet's length, or a negative libopus error. With `unpackBytes` > 0 it first
     * packs that many bytes, one a 16-bit slot (the way opusscript's own wrapper fills the heap),
     * into samples in place; with 0 the samples are taken as they are.
     */
    _encode(pcmPointer: number, unpackBytes: number, packetPointer: number, frameSize: number): number;
    /** `opus_encoder_ctl(encoder, ctl, arg)`; a GET takes a pointer to an int as `arg`. */
    _encoder_ctl(ctl: number, arg: number): number;
  }
  export interface OpusNative {
    OpusScriptHandler: { new (sampleRate: number, channels: number, application: number): OpusEncoderHandle; destroy_handler(handle: OpusEncoderHandle): void };
    _malloc(bytes: number): number;
    _free(pointer: number): void;
    HEAP16: Int16Array;
    HEAP32: Int32Array;
    HEAPU8: Uint8Array;
  }
  /** Compiles and instantiates the module synchronously when given its bytes. */
  const createOpusNative: (options: { wasmBinary: Uint8Array }) => OpusNative;
  export default createOpusNative;
}
