/**
 * Islands: the pre-rendered public pages are static HTML except for a few interactive parts
 * (header, demo flashcards, screenshot lightbox, layout debug overlay). On the server, `Island`
 * wraps such a part in `<div data-island="name">` followed by its props as JSON; in the browser
 * `landing-main.tsx` hydrates only those parts, so the rest of the page costs no JavaScript.
 * Inside the single-page app `Island` renders its children as they are.
 *
 * Props must be plain JSON. An island must not call `useId` (its ids would differ between the
 * whole-page render on the server and the island's own root in the browser).
 */
import { createContext, type ReactNode, useContext } from "react";
import { jsonForScript } from "../../../contract/brand";

export type IslandName = "header" | "flashcards" | "screenshots" | "debug";

const RenderModeContext = createContext<"server" | "app">("app");
/** The server's renderer wraps the page in this so islands leave their markers. */
export const ServerRenderMode = ({ children }: { children: ReactNode }) => (
  <RenderModeContext.Provider value="server">{children}</RenderModeContext.Provider>
);

export function Island<P extends object>({
  name,
  props,
  children,
}: {
  name: IslandName;
  props: P;
  children: ReactNode;
}) {
  const mode = useContext(RenderModeContext);
  if (mode !== "server") return <>{children}</>;
  return (
    <>
      <div data-island={name} style={{ display: "contents" }}>
        {children}
      </div>
      <script
        type="application/json"
        data-island-props={name}
        dangerouslySetInnerHTML={{ __html: jsonForScript(props) }}
      />
    </>
  );
}
