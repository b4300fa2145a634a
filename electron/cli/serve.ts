// Placeholder until the 'serve' subcommand lands; replaced by its owner.
export async function run(_args: string[]): Promise<number> {
  console.error("touchstone serve: not built yet");
  return 1;
}
