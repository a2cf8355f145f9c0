// Runs a WASI (preview 1) module under node: node run_wasi.mjs FILE.wasm
// Its exit status is the module's; stdout and stderr are the process's.
import { readFileSync } from 'node:fs';
import { WASI } from 'node:wasi';

const file = process.argv[2];
const wasi = new WASI({ version: 'preview1', args: [file], env: {}, returnOnExit: true });
const module = await WebAssembly.compile(readFileSync(file));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
process.exitCode = wasi.start(instance);
