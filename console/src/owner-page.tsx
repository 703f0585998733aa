import { formatApt } from "#shared/schemas/apt-format";
import { usePayer } from "./browser-wallet-state.js";
import { loadOwnedProcesses, type OwnedProcess } from "./owner-data.js";
import { PageTitle, Problem } from "./page-parts.js";
import { href } from "./route.js";
import { rateText, runsText } from "./stats-text.js";
import { useApi } from "./use-api.js";

const TITLE = "My processes";

function Reports({ reports }: { reports: OwnedProcess["reports"] }) {
  if (!reports.ok) return <p class="problem">Outcome reports: {reports.message}</p>;
  const { waiting, refused } = reports.value;
  return (
    <>
      <p>
        Outcome reports waiting: {waiting.length}; refused by the ledger: {refused.length}
      </p>
      {refused.length > 0 && (
        <ul class="refused">
          {refused.map((report) => (
            <li>
              Task <code>{report.taskId}</code>: {report.lastError ?? "refused"}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function OwnedCard({ owned }: { owned: OwnedProcess }) {
  const { process, stats } = owned;
  const octas = (amount: string | undefined) => formatApt(BigInt(amount ?? "0"));
  return (
    <li class="card">
      <h2>
        <a href={href.process(process.id)}>{process.name}</a>
      </h2>
      <dl class="details">
        <dt>Status</dt>
        <dd>{process.status}</dd>
        <dt>Runs</dt>
        <dd>{runsText(stats)}</dd>
        <dt>Success rate</dt>
        <dd>{rateText(stats)}</dd>
        <dt>Earned (released)</dt>
        <dd>{octas(stats?.released)}</dd>
        <dt>In escrow</dt>
        <dd>{octas(stats?.inEscrow)}</dd>
        <dt>Returned to payers</dt>
        <dd>{octas(stats?.refunded)}</dd>
      </dl>
      <Reports reports={owned.reports} />
    </li>
  );
}

function OwnedProcesses({ owner }: { owner: string }) {
  const loaded = useApi(() => loadOwnedProcesses(owner), `owner:${owner}`);
  if (loaded.state === "loading") return <PageTitle title={TITLE} busy />;
  if (!loaded.ok) return <Problem title={TITLE} message={loaded.message} />;
  return (
    <section>
      <PageTitle title={TITLE} />
      <p>
        Processes owned by <span class="address">{owner}</span>. Runs, success rates and earnings
        are the ledger's facts about paid runs; free runs leave none.
      </p>
      {loaded.value.length === 0 ? (
        <p>This account has registered no process yet (agentgate register, see the README).</p>
      ) : (
        <ul class="cards">
          {loaded.value.map((owned) => (
            <OwnedCard owned={owned} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Owner (docs/console.md, "Owner"): the connected account's processes with their runs, success
 * rate, earnings and outcome reports; without a wallet, what to do.
 */
export function OwnerPage() {
  const owner = usePayer()?.address;
  if (owner === undefined) {
    return (
      <section>
        <PageTitle title={TITLE} />
        <p>
          Connect a wallet to see the processes your account owns, with their runs, success rates
          and earnings.
        </p>
      </section>
    );
  }
  return <OwnedProcesses owner={owner} />;
}
