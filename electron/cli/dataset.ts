// Placeholder until the 'dataset' subcommand lands; replaced by its owner.
export async function run(_args: string[]): Promise<number> {
  console.error("touchstone dataset: not built yet");
  return 1;
}
