// Placeholder until the 'vh' subcommand lands; replaced by its owner.
export async function run(_args: string[]): Promise<number> {
  console.error("touchstone vh: not built yet");
  return 1;
}
