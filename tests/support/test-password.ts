// The password of every user the tests make (tests/support/api.ts), in a file of its own: the log
// guard, loaded with every test file, names it without loading the route handlers' world.
export const TEST_PASSWORD = "correct horse battery staple";
