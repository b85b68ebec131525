/**
 * A fake CourtListener REST API v4 on 127.0.0.1 for tests: the search, cluster, docket and
 * opinion endpoints with token authentication, request counting, and a switch that answers
 * 429 with Retry-After. The case it serves is an invented fixture, not legal content.
 */
import { createServer, type Server } from "node:http";

export const FAKE_TOKEN = "fake-courtlistener-token-123";

export interface FakeCourtListener {
  url: string;
  requests: string[];
  /** While set, every request answers 429 with this Retry-After (seconds). */
  limitFor: number | null;
  close(): Promise<void>;
}

const CLUSTER = {
  id: 4242,
  case_name: "Roe Mariner v. Harbor Authority",
  citations: [{ volume: 777, reporter: "F.4th", page: 12, type: 1 }],
  date_filed: "2021-05-06",
  docket_id: 99,
  sub_opinions: [
    "https://www.courtlistener.com/api/rest/v4/opinions/5001/",
    "https://www.courtlistener.com/api/rest/v4/opinions/5002/",
  ],
};
const OPINIONS: Record<string, Record<string, unknown>> = {
  "5001": {
    id: 5001,
    type: "020lead",
    author_str: "Judge Able",
    plain_text: "",
    html_with_citations: `<p>The harbor authority closed the berth without notice. ${"The mariner sued for the lost season and the district court dismissed the claim. ".repeat(8)}</p><p>We hold that notice was required before the berth could be closed.</p><p>Reversed.</p>`,
  },
  "5002": {
    id: 5002,
    type: "040dissent",
    author_str: "Judge Baker",
    plain_text:
      "I would affirm. The authority acted within its discretion and the mariner had other berths available to him that season.",
    html_with_citations: "",
  },
};

export async function startFakeCourtListener(): Promise<FakeCourtListener> {
  const state: FakeCourtListener = { url: "", requests: [], limitFor: null, close: async () => {} };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    state.requests.push(url.pathname + url.search);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Token ${FAKE_TOKEN}`) return send(401, { detail: "Invalid token." });
    if (state.limitFor !== null)
      return send(429, { detail: "Request was throttled." }, { "retry-after": String(state.limitFor) });
    if (url.pathname === "/api/rest/v4/search/") {
      const q = url.searchParams.get("q") ?? "";
      if (url.searchParams.get("type") !== "o") return send(400, { detail: "type" });
      const results = /harbor|berth/i.test(q)
        ? [
            {
              absolute_url: "/opinion/4242/roe-mariner-v-harbor-authority/",
              caseName: CLUSTER.case_name,
              citation: ["777 F.4th 12"],
              cluster_id: 4242,
              court: "Court of Appeals for the Ninth Circuit",
              court_id: "ca9",
              dateFiled: "2021-05-06",
              opinions: [
                {
                  id: 5001,
                  snippet: 'The authority closed the <mark>berth</mark> <script>alert("x")</script>without notice.',
                  type: "lead-opinion",
                },
              ],
            },
          ]
        : [];
      return send(200, { count: results.length, next: null, previous: null, results });
    }
    if (url.pathname === "/api/rest/v4/clusters/4242/") return send(200, CLUSTER);
    if (url.pathname === "/api/rest/v4/dockets/99/") return send(200, { id: 99, court_id: "ca9" });
    const op = /^\/api\/rest\/v4\/opinions\/(\d+)\/$/.exec(url.pathname);
    if (op && OPINIONS[op[1]]) return send(200, OPINIONS[op[1]]);
    return send(404, { detail: "Not found." });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const address = server.address();
  state.url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  state.close = () => new Promise((r) => server.close(() => r()));
  return state;
}
