import { zodResolver } from "@hookform/resolvers/zod";
import { CircleAlert } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api/client";
import { errorMessage } from "@/lib/api/errors";
import type { User } from "@/lib/api/types";
import { toDateInputValue } from "@/lib/dates";
import { changeLanguage, currentLanguage, languages } from "@/lib/i18n";
import { useUpdateProfile } from "../api/update-profile";
import { profileFormValues, profileGenders, profileRequest, profileSchema, type ProfileFormValues } from "../profile-form";
import { NativeSelect } from "./native-select";
import { PasswordCard } from "./password-card";

/** The profile (SPEC §2 "Settings") and, below it, where the password is changed. */
export function ProfileTab({ user }: { user: User }) {
  return (
    <>
      <ProfileCard user={user} />
      <PasswordCard />
    </>
  );
}

function ProfileCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const translate = (message: string) => t(message as "settings.profile.tooLong");
  const emailId = useId();
  const update = useUpdateProfile(user.id);
  const form = useForm<ProfileFormValues>({
    resolver: zodResolver(profileSchema),
    defaultValues: profileFormValues(user, currentLanguage()),
  });
  const serverError = form.formState.errors.root?.server?.message;

  const onValid = (values: ProfileFormValues) => {
    form.clearErrors("root.server");
    update.mutate(profileRequest(values), {
      onSuccess: (saved) => {
        toast.success(t("settings.profile.updated"));
        form.reset(profileFormValues(saved, values.language));
        // The language chosen here is the interface's too (the account keeps it for other devices).
        if (saved.language && saved.language !== currentLanguage()) void changeLanguage(saved.language);
      },
      onError: (error) => {
        const message = errorMessage(error, t);
        toast.error(t("settings.profile.failed"), { description: message });
        // What the form holds stays; the field at fault says why.
        if (error instanceof ApiError && error.code === "invalid_date") {
          form.setError("birthDate", { message: "settings.profile.birthDatePast" }, { shouldFocus: true });
        } else {
          form.setError("root.server", { message });
        }
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("settings.profile.title")}</CardTitle>
        <CardDescription>{t("settings.profile.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(onValid)}>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                control={form.control}
                name="username"
                render={({ field }) => (
                  <FormItem className="content-start">
                    <FormLabel>{t("settings.profile.username")}</FormLabel>
                    <FormControl>
                      <Input autoComplete="username" {...field} />
                    </FormControl>
                    <FormMessage render={translate} />
                  </FormItem>
                )}
              />
              <div className="grid content-start gap-2">
                <Label htmlFor={emailId}>{t("settings.profile.email")}</Label>
                <Input
                  id={emailId}
                  type="email"
                  value={user.email ?? ""}
                  readOnly
                  aria-describedby={`${emailId}-hint`}
                  className="bg-muted"
                />
                <p id={`${emailId}-hint`} className="text-sm text-muted-foreground">
                  {t("settings.profile.emailReadOnly")}
                </p>
              </div>
              <FormField
                control={form.control}
                name="firstName"
                render={({ field }) => (
                  <FormItem className="content-start">
                    <FormLabel>{t("settings.profile.firstName")}</FormLabel>
                    <FormControl>
                      <Input autoComplete="given-name" {...field} />
                    </FormControl>
                    <FormMessage render={translate} />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="lastName"
                render={({ field }) => (
                  <FormItem className="content-start">
                    <FormLabel>{t("settings.profile.lastName")}</FormLabel>
                    <FormControl>
                      <Input autoComplete="family-name" {...field} />
                    </FormControl>
                    <FormMessage render={translate} />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="birthDate"
                render={({ field }) => (
                  <FormItem className="content-start">
                    <FormLabel>{t("settings.profile.birthDate")}</FormLabel>
                    <FormControl>
                      <Input type="date" autoComplete="bday" max={toDateInputValue(new Date())} {...field} />
                    </FormControl>
                    <FormMessage render={translate} />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="gender"
                render={({ field }) => (
                  <FormItem className="content-start">
                    <FormLabel>{t("settings.profile.gender")}</FormLabel>
                    <FormControl>
                      <NativeSelect {...field}>
                        <option value="">{t("settings.profile.genderNone")}</option>
                        {profileGenders.map((gender) => (
                          <option key={gender} value={gender}>
                            {t(`genders.${gender}`)}
                          </option>
                        ))}
                      </NativeSelect>
                    </FormControl>
                    <FormMessage render={translate} />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="language"
                render={({ field }) => (
                  <FormItem className="content-start">
                    <FormLabel>{t("settings.profile.language")}</FormLabel>
                    <FormControl>
                      <NativeSelect {...field}>
                        {languages.map((language) => (
                          <option key={language} value={language} lang={language}>
                            {t(`language.${language}`)}
                          </option>
                        ))}
                      </NativeSelect>
                    </FormControl>
                    <FormMessage render={translate} />
                  </FormItem>
                )}
              />
            </div>
            {serverError && (
              <p role="alert" className="flex items-start gap-2 rounded-md border border-destructive/50 p-3 text-sm text-destructive">
                <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {serverError}
              </p>
            )}
            <div className="flex justify-end">
              <Button type="submit" disabled={update.isPending}>
                {update.isPending ? <Spinner label={t("settings.profile.saving")} /> : t("settings.profile.save")}
              </Button>
            </div>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
