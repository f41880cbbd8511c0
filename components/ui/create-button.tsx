// The button that starts making something new ("New merchant", "New user"): a plus before its words.
import { Button, type ButtonProps } from "@/components/ui/button";
import { ControlIcon } from "@/components/ui/control-icons";

export function CreateButton({ children, ...props }: ButtonProps) {
  return (
    <Button {...props}>
      <ControlIcon name="plus" />
      {children}
    </Button>
  );
}
