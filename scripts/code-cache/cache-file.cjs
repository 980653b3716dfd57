// One chunk's code cache as main/shell/code-cache.ts reads it: the chunk's SHA-256, then V8's
// data for the chunk wrapped as Node wraps a CommonJS module. Made by the V8 that will read it.
const { createHash } = require('node:crypto');
const Module = require('node:module');
const { Script } = require('node:vm');

/** The cache file's bytes for a chunk with `content`, at `filename`. */
exports.cacheFileOf = (content, filename) =>
  Buffer.concat([createHash('sha256').update(content).digest(), new Script(Module.wrap(content), { filename }).createCachedData()]);
