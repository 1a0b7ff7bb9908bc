/**
 * Whether a process still exists on this host: signal 0 checks without sending anything. EPERM means it exists
 * but belongs to another user, which is alive too. Used by the state lock (is its holder gone?) and the temp
 * directories (is their cockpit gone?).
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
