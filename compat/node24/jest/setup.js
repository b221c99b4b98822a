import { expect } from '@jest/globals';
import { matchers } from 'tool-call-health/matchers';

expect.extend(matchers);
