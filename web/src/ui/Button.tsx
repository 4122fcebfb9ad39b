import { Button as AriaButton, type ButtonProps } from "react-aria-components";
import "./ui.css";

export function Button({ variant = "primary", className, ...props }: ButtonProps & { variant?: "primary" | "secondary" | "ghost" | "danger" }) {
  return <AriaButton {...props} className={`btn btn-${variant}${className ? ` ${className}` : ""}`} />;
}
