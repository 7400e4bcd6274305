import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { dictationLanguage, useDictation, type Recognition, type RecognitionEvent } from "./dictation";

class FakeRecognition implements Recognition {
  static instances: FakeRecognition[] = [];
  lang = "";
  continuous = false;
  interimResults = false;
  onresult: ((event: RecognitionEvent) => void) | null = null;
  onerror: ((event: { error?: string }) => void) | null = null;
  onend: (() => void) | null = null;
  started = false;
  constructor() {
    FakeRecognition.instances.push(this);
  }
  start() {
    this.started = true;
  }
  stop() {
    this.started = false;
    this.onend?.();
  }
  abort() {
    this.started = false;
  }
  /** Delivers results from `resultIndex` on, as the browser does. */
  emit(results: { text: string; final: boolean }[], resultIndex = 0) {
    const list = results.map(({ text, final }) => Object.assign([{ transcript: text }], { isFinal: final }));
    this.onresult?.({ resultIndex, results: list } as unknown as RecognitionEvent);
  }
}

function setup(language: "en" | "fr" = "en") {
  FakeRecognition.instances = [];
  vi.stubGlobal("webkitSpeechRecognition", FakeRecognition);
  const onFinalText = vi.fn();
  const onProblem = vi.fn();
  const hook = renderHook(() => useDictation({ language, onFinalText, onProblem }));
  return { hook, onFinalText, onProblem };
}

describe("useDictation (docs/rules.md, docs/constants.md)", () => {
  it("picks fr-FR for French and en-US otherwise", () => {
    expect(dictationLanguage("fr")).toBe("fr-FR");
    expect(dictationLanguage("en")).toBe("en-US");
  });

  it("listens continuously with interim results in the interface language", () => {
    const { hook } = setup("fr");
    act(() => hook.result.current.start());
    const recognition = FakeRecognition.instances[0];
    expect(recognition).toBeDefined();
    expect(recognition?.lang).toBe("fr-FR");
    expect(recognition?.continuous).toBe(true);
    expect(recognition?.interimResults).toBe(true);
    expect(recognition?.started).toBe(true);
    expect(hook.result.current.listening).toBe(true);
  });

  it("shows interim text and hands over final text followed by a space", () => {
    const { hook, onFinalText } = setup();
    act(() => hook.result.current.start());
    const recognition = FakeRecognition.instances[0]!;
    act(() => recognition.emit([{ text: "we went to", final: false }]));
    expect(hook.result.current.interim).toBe("we went to");
    expect(onFinalText).not.toHaveBeenCalled();
    act(() => recognition.emit([{ text: "we went to the sea", final: true }, { text: "and", final: false }]));
    expect(onFinalText).toHaveBeenCalledWith("we went to the sea ");
    expect(hook.result.current.interim).toBe("and");
    // Results before resultIndex were handled already.
    act(() => recognition.emit([{ text: "we went to the sea", final: true }, { text: "and swam", final: true }], 1));
    expect(onFinalText).toHaveBeenCalledTimes(2);
    expect(onFinalText).toHaveBeenLastCalledWith("and swam ");
  });

  it("stops on end", () => {
    const { hook } = setup();
    act(() => hook.result.current.start());
    act(() => hook.result.current.stop());
    expect(hook.result.current.listening).toBe(false);
    expect(hook.result.current.interim).toBe("");
  });

  it("stops on an error and reports it", () => {
    const { hook, onProblem } = setup();
    act(() => hook.result.current.start());
    act(() => FakeRecognition.instances[0]?.onerror?.({ error: "network" }));
    expect(onProblem).toHaveBeenCalledWith("error");
    expect(hook.result.current.listening).toBe(false);
  });

  it("reports an unsupported browser", () => {
    const onProblem = vi.fn();
    const hook = renderHook(() => useDictation({ language: "en", onFinalText: vi.fn(), onProblem }));
    act(() => hook.result.current.start());
    expect(onProblem).toHaveBeenCalledWith("unsupported");
    expect(hook.result.current.listening).toBe(false);
  });
});
