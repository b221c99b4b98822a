/** Jest 30 on the packed tarball, set up as the README tells a Jest user to. */
export default {
  roots: ['<rootDir>/jest'],
  setupFilesAfterEnv: ['<rootDir>/jest/setup.js'],
  testEnvironment: 'node',
};
