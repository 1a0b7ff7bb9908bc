import { describe, expect, it } from 'vitest';
import { judgeBeeLog } from './bee-log-sniff.js';

const logfmt = '"time"="2026-11-24 14:33:19.932249" "level"="info" "logger"="node" "msg"="bee version" "version"="2.8.1"';
const json = '{"time":"2026-11-24 14:33:19.932249","level":"debug","logger":"node/api","msg":"api access","status":200}';

describe('does a file read as Bee’s log', () => {
  it('yes for Bee’s logfmt and JSON lines, with its welcome banner or a panic between them', () => {
    expect(judgeBeeLog(`Welcome to Swarm.... Bzzz Bzzzz Bzzzz\n${logfmt}\n${json}\npanic: oops\n`, true)).toEqual({ bee: true, beeLines: 2 });
  });

  it('no for a devnet’s one JSON line, another program’s text, or nothing at all, saying why', () => {
    const devnet = judgeBeeLog('{"nodes":[{"index":0,"url":"http://127.0.0.1:40001"}],"gateways":[]}\n', true);
    expect(devnet).toEqual({ bee: false, why: expect.stringMatching(/^its one line is not a Bee log line .*; it ends with: \{"nodes":\[\{"index":0,"url":"http:\/\/127\.0\.0\.1:40001"\}\],"gatew…$/) });
    expect(judgeBeeLog('listening\nstarted\n', true)).toEqual({ bee: false, why: expect.stringContaining('none of its last 2 lines') });
    expect(judgeBeeLog('', true)).toEqual({ bee: false, why: 'it is empty: nothing in it reads as Bee’s log yet', empty: true });
    // A level and a message without a logger is some other program's structured log, not Bee's.
    expect(judgeBeeLog('{"level":"info","msg":"server started","time":"t"}\n', true).bee).toBe(false);
  });

  it('judges whole lines only: the cut first line of a tail does not count', () => {
    expect(judgeBeeLog(`${logfmt.slice(10)}\nplain\n`, false).bee).toBe(false);
    expect(judgeBeeLog(`"level"="info" "logger"="node" "msg"="cut"\n${logfmt}\n`, false)).toEqual({ bee: true, beeLines: 1 });
  });

  it('shows control characters of a hostile last line as visible escapes', () => {
    const verdict = judgeBeeLog('\u001b[2Jgone\n', true);
    expect(verdict.bee).toBe(false);
    expect(verdict.bee === false && verdict.why).not.toContain('\u001b');
  });
});
