import { useCallback, useEffect, useRef, useState } from "react";
import type { Language } from "@/lib/api/types";

// The Web Speech API is not in TypeScript's DOM library; only what the dictation uses is typed.
interface RecognitionAlternative {
  transcript: string;
}
interface RecognitionResult {
  readonly isFinal: boolean;
  readonly length: number;
  [index: number]: RecognitionAlternative;
}
export interface RecognitionEvent {
  readonly resultIndex: number;
  readonly results: { readonly length: number; [index: number]: RecognitionResult };
}
export interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: RecognitionEvent) => void) | null;
  onerror: ((event: { error?: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
type RecognitionConstructor = new () => Recognition;

function recognitionConstructor(): RecognitionConstructor | null {
  if (typeof window === "undefined") return null;
  const scope = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition ?? null;
}

export function isDictationSupported(): boolean {
  return recognitionConstructor() !== null;
}

/** docs/constants.md: fr-FR when the interface is French, else en-US. */
export function dictationLanguage(language: Language): string {
  return language === "fr" ? "fr-FR" : "en-US";
}

export type DictationProblem = "unsupported" | "error";

interface DictationOptions {
  language: Language;
  /** Receives each final piece of text, followed by a space (docs/rules.md "Voice dictation"). */
  onFinalText: (text: string) => void;
  onProblem: (problem: DictationProblem) => void;
}

/**
 * Voice dictation (docs/rules.md): off, or listening with the interim text shown; final text is
 * handed to `onFinalText`; recognition stops on its end or on an error.
 */
export function useDictation({ language, onFinalText, onProblem }: DictationOptions) {
  const [listening, setListening] = useState(false);
  const [interim, setInterim] = useState("");
  const recognition = useRef<Recognition | null>(null);
  const callbacks = useRef({ onFinalText, onProblem });
  useEffect(() => {
    callbacks.current = { onFinalText, onProblem };
  });

  const stop = useCallback(() => {
    recognition.current?.stop();
  }, []);

  const start = useCallback(() => {
    const Constructor = recognitionConstructor();
    if (!Constructor) {
      callbacks.current.onProblem("unsupported");
      return;
    }
    recognition.current?.abort();
    const next = new Constructor();
    next.lang = dictationLanguage(language);
    next.continuous = true;
    next.interimResults = true;
    next.onresult = (event) => {
      let pending = "";
      for (let index = event.resultIndex; index < event.results.length; index += 1) {
        const result = event.results[index];
        if (!result) continue;
        const text = result[0]?.transcript ?? "";
        if (result.isFinal) {
          if (text.trim()) callbacks.current.onFinalText(`${text.trim()} `);
        } else {
          pending += text;
        }
      }
      setInterim(pending);
    };
    next.onerror = () => {
      callbacks.current.onProblem("error");
      next.abort();
      if (recognition.current === next) recognition.current = null;
      setListening(false);
      setInterim("");
    };
    next.onend = () => {
      if (recognition.current === next) recognition.current = null;
      setListening(false);
      setInterim("");
    };
    recognition.current = next;
    try {
      next.start();
      setListening(true);
    } catch {
      recognition.current = null;
      callbacks.current.onProblem("error");
    }
  }, [language]);

  // Leaving the form ends the recognition.
  useEffect(() => () => recognition.current?.abort(), []);

  return { listening, interim, start, stop, toggle: listening ? stop : start };
}
