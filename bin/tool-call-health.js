#!/usr/bin/env node
// The installed command: runs the built CLI (dist/ is emitted from src/ by `npm run build`).
import { runCli } from '../dist/cli/main.js';

await runCli();
