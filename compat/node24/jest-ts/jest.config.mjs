/** The README's Jest with TypeScript recipe, as written: run by .ci/compat-node24 on Node 24 and 20. */
// jest.config.mjs
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': '@swc/jest' },
  // NodeNext imports name the file tsc would emit (./exchange.js); Jest loads the .ts beside it.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
};
