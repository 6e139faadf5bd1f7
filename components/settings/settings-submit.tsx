import { Button } from "@/components/ui/button";

/** A settings form's save button, or for members who may only look, who can change it. */
export function SettingsSubmit({ canEdit, busy, label, readOnlyNote }: { canEdit: boolean; busy: boolean; label: string; readOnlyNote: string }) {
  return canEdit ? (
    <div>
      <Button type="submit" loading={busy}>
        {label}
      </Button>
    </div>
  ) : (
    <p className="text-sm text-muted-foreground">{readOnlyNote}</p>
  );
}
