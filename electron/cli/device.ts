// Placeholder until the 'device' subcommand lands; replaced by its owner.
export async function run(_args: string[]): Promise<number> {
  console.error("touchstone device: not built yet");
  return 1;
}
