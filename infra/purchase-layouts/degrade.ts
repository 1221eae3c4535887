export async function degradeAll(..._a: unknown[]) {}
