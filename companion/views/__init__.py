"""Thin views: parse the request, ask tables/engines, render. One blueprint per area."""
