// Placeholder until the 'eval' subcommand lands; replaced by its owner.
export async function run(_args: string[]): Promise<number> {
  console.error("touchstone eval: not built yet");
  return 1;
}
