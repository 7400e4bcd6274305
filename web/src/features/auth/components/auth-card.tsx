import type { ReactNode } from "react";
import { LogoMark } from "@/components/logo";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { usePageTitle } from "@/lib/page-title";

/** The centred card of the sign-in, sign-up and consent screens. */
export function AuthCard({
  pageTitle,
  title,
  description,
  children,
}: {
  pageTitle: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  usePageTitle(pageTitle);
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <LogoMark className="mb-2 size-12" />
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">{children}</CardContent>
      </Card>
    </div>
  );
}
