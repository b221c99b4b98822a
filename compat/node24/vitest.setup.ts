import 'tool-call-health/vitest';
