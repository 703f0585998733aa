export function App() {
  return (
    <main>
      <h1>agentgate console</h1>
    </main>
  );
}
