import type { BatchProgressEvent } from '@medhelm/engine';

/**
 * One line of a provider batch's progress: `batch batch_abc (openai/gpt-4o-2024-08-06, the
 * candidate model): in_progress, 120/500 answered, 3 failed, 4m12s, expires 2026-12-08 16:00Z`.
 */
export function batchProgressLine(event: BatchProgressEvent): string {
  const answered = `${event.succeeded}/${event.requests} answered`;
  const failed = event.failed === 0 ? '' : `, ${event.failed} failed`;
  const expires =
    event.expiresAt === undefined || event.state === 'ended'
      ? ''
      : `, expires ${new Date(event.expiresAt * 1000).toISOString().slice(0, 16).replace('T', ' ')}Z`;
  const again = event.reattached ? ', re-attached' : '';
  return `batch ${event.batchId} (${event.deployment}, ${event.callers.join(' and ')}): ${event.providerStatus}, ${answered}${failed}, ${formatElapsed(event.elapsedMs)}${expires}${again}`;
}

/** `4m12s`, `1h03m`, `12s`. */
function formatElapsed(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m${String(seconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}m`;
}
