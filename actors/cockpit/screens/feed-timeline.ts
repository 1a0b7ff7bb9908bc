/** S13 Feed Timeline: the walk of actors/cockpit/feed-timeline.ts as a callback actor reporting as it goes. */
import { fromCallback } from 'xstate';
import type { TimelineQuery } from '../../../core/cockpit/feed-timeline.js';
import type { TimelineEvent } from '../../../core/cockpit/screens/feed-timeline.js';
import { errorLine } from '../../../core/cockpit/text.js';
import { walkFeedTimeline, type FeedTimelineClient } from '../feed-timeline.js';


export function feedTimelineScreenActors(client: FeedTimelineClient) {
  return {
    walkTimeline: fromCallback<{ type: 'noop' }, { query: TimelineQuery }, TimelineEvent>(({ input, sendBack }) => {
      const controller = new AbortController();
      walkFeedTimeline(client, input.query, {
        signal: controller.signal,
        onLatest: (latest) => sendBack({ type: 'timeline.latest', latest: latest.toString() }),
        onEntry: (entry) => sendBack({ type: 'timeline.entry', entry }),
      }).then(
        (walk) => sendBack({ type: 'timeline.done', error: walk.error }),
        (error: unknown) => {
          if (!controller.signal.aborted) sendBack({ type: 'timeline.done', error: errorLine(error) });
        },
      );
      return () => controller.abort();
    }),
  };
}
