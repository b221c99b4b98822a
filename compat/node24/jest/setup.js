/** The README's Jest setup file, as written (a user's jest.setup.js). */
// --- README: Jest ---
// jest.setup.js, listed in setupFilesAfterEnv
import { expect } from '@jest/globals';
import { matchers } from 'tool-call-health/matchers';

expect.extend(matchers);
// --- end ---
