export async function benchPages(_o: { serverUrl: string; databaseUrl: string; quick: boolean }): Promise<object> {
  return { status: 'todo' };
}
