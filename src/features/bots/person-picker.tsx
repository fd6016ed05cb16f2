import { Trans, useLingui } from "@lingui/react/macro";
import { useForm } from "react-hook-form";
import { TextField } from "@/components/text-field";
import * as z from "@/contract/zod";
import { zodResolver } from "@/i18n/zod-resolver";
import { readUserId } from "./person-id";

interface PersonPickerProps {
  idName: string;
  /** What the URL carried when it was not a user id, to say so. */
  rejected?: string | undefined;
  onPick: (userId: number) => void;
}

/** The person's user id, when the page was opened without one (or with a broken one). */
export function PersonPicker({ idName, rejected, onPick }: PersonPickerProps) {
  const { t } = useLingui();
  const schema = z.object({
    userId: z.pipe(
      z.string(),
      z.transform((text, ctx) => {
        const value = readUserId(text);
        if (value === undefined) {
          ctx.issues.push({
            input: text,
            code: "custom",
            message: t`Enter the person’s ${idName}: a positive whole number`,
          });
          return z.NEVER;
        }
        return value;
      }),
    ),
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { userId: "" },
  });
  const shownRejected =
    rejected === undefined || rejected.length <= 30 ? rejected : `${rejected.slice(0, 29)}…`;
  const submit = handleSubmit(({ userId }) => {
    onPick(userId);
  });
  return (
    <form
      className="card bots-person-form"
      noValidate
      aria-label={t`Choose the person`}
      onSubmit={(event) => void submit(event)}
    >
      {rejected !== undefined && (
        <p className="notice notice-error">
          <Trans>
            The link’s person “{shownRejected}” is not a user id. Enter the person’s {idName}.
          </Trans>
        </p>
      )}
      <TextField
        label={t`User id (${idName})`}
        inputMode="numeric"
        autoComplete="off"
        spellCheck="false"
        error={errors.userId?.message}
        {...register("userId")}
      />
      <div>
        <button type="submit" className="button button-primary">
          <Trans>Continue</Trans>
        </button>
      </div>
    </form>
  );
}
