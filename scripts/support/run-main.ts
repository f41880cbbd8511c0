// A script's entry point: runs main, and on a throw prints the error and sets exit code 1,
// letting what is still open (a server, a connection) close on its own rather than exiting at once.
export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
